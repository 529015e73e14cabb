// The pastor portal's API paths (the rest are in src/web/paths.ts). They come with the pastor
// area, loaded on the first visit there, not in the shell every member downloads (decision 011).

const id = (value: string) => encodeURIComponent(value);

export const pastorApiPaths = {
  me: '/api/pastor/me',
  appointment: '/api/pastor/appointment',
  appointmentPdf: '/api/pastor/appointment/letter.pdf',
  pastors: '/api/pastor/pastors',
  conversation: (peerId: string) => `/api/pastor/conversations/${id(peerId)}`,
  read: (peerId: string) => `/api/pastor/conversations/${id(peerId)}/read`,
  messages: (peerId: string) => `/api/pastor/conversations/${id(peerId)}/messages`,
  files: (peerId: string, messageId: string) =>
    `/api/pastor/conversations/${id(peerId)}/files?id=${id(messageId)}`,
  message: (messageId: string) => `/api/pastor/messages/${id(messageId)}`,
  deleteMessage: (messageId: string, scope: 'everyone' | 'me') =>
    `/api/pastor/messages/${id(messageId)}?for=${scope}`,
} as const;

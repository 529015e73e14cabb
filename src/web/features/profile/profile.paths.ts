// The profile screens' API paths (decision 027: a feature's own, not in the shell).

export const profileApiPaths = {
  profile: '/api/profile',
  profilePassword: '/api/profile/password',
  receiptChannel: '/api/profile/receipt-channel',
} as const;

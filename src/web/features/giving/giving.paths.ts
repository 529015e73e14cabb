// The giving screens' API paths (decision 027: a feature's own, not in the shell).

export const givingApiPaths = {
  gifts: '/api/giving/gifts',
  gift: (reference: string) => `/api/giving/gifts/${encodeURIComponent(reference)}`,
  giftOtp: (reference: string) => `/api/giving/gifts/${encodeURIComponent(reference)}/otp`,
} as const;

// Every localStorage key the app writes. Prefixed so that nothing collides on a shared origin.

export const STORAGE_KEYS = {
  accessToken: 'datafeeds.token',
  colorMode: 'datafeeds.colorMode',
} as const;

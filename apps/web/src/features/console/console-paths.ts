// Where the console's screens are (design §11); the setup path is the one the staff email links to.
export const consolePaths = {
  home: '/console',
  login: '/console/login',
  setup: '/console/setup',
} as const;

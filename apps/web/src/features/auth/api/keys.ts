// Query keys of the auth feature.
export const authKeys = {
  all: ['auth'] as const,
  usernameAvailability: (username: string) => [...authKeys.all, 'username-availability', username] as const,
  emailAvailability: (email: string) => [...authKeys.all, 'email-availability', email] as const,
};

// Unique people for each spec, so specs never depend on one another's data.
import { randomBytes } from 'node:crypto';

export interface NewUser {
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  username: string;
  password: string;
  phone: string;
}

export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  const id = randomBytes(4).toString('hex');
  return {
    firstName: 'ada',
    lastName: 'Lovelace',
    companyName: `Analytical Engines ${id}`,
    email: `ada.${id}@example.com`,
    username: `ada_${id}`,
    password: `correct-horse-${id}`,
    phone: '5145550100',
    ...overrides,
  };
}

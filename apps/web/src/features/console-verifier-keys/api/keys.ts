// The verifier keys' query key, which the list reads and a new key refreshes.
import { consoleKey } from '@/lib/console/console-keys';

export const verifierKeysKey = consoleKey('verifier-keys');

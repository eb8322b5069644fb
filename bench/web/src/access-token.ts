// A signed-in page is measured by putting the user's access token where the app keeps it, before the
// app starts: the same key the app reads, never a copy of its name.
import { STORAGE_KEYS } from '../../../apps/web/src/config/storage-keys.ts';

export const TOKEN_STORAGE_KEY = STORAGE_KEYS.accessToken;

// Imports sister-product identities from CSV (header `email,username,passwordHash`). They get no profile:
// they sign in as usual and complete the profile on the welcome page. An empty passwordHash sends a
// one-time reset email instead, so the user picks a portal password. Rows that clash are skipped with
// a reason; nothing is overwritten.
import { emailField, registerSchema } from '@datafeeds/domain';
import { postgresErrorOf, type Db } from '../db/client.ts';
import { type RecoveryService, isArgon2Hash, type UsersRepository } from '../plugins/app/users/index.ts';
import { parseCsv } from '../lib/csv.ts';

interface ImportedRow {
  line: number;
  email: string;
  resetEmail: 'sent' | 'failed' | 'not needed';
}

export interface ImportSummary {
  imported: ImportedRow[];
  skipped: { line: number; email: string; reason: string }[];
}

const REQUIRED_COLUMNS = ['email', 'username', 'passwordHash'] as const;

export async function importIdentities(
  csv: string,
  deps: { db: Db; users: UsersRepository; recovery: Pick<RecoveryService, 'sendResetLink'> },
): Promise<ImportSummary> {
  const [header, ...rows] = parseCsv(csv);
  const columns = header?.map((name) => name.trim()) ?? [];
  const missing = REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length > 0)
    throw new Error(`CSV header must contain ${REQUIRED_COLUMNS.join(',')}; missing ${missing.join(', ')}`);
  // An encoded argon2 hash contains commas (m=…,t=…,p=…). Quoting it is proper CSV; as a convenience an
  // unquoted hash in the last column is put back together from the cells it was split into.
  const hashIsLast = columns.indexOf('passwordHash') === columns.length - 1;
  const column = (row: string[], name: (typeof REQUIRED_COLUMNS)[number]) => {
    const index = columns.indexOf(name);
    const cells = name === 'passwordHash' && hashIsLast ? row.slice(index) : row.slice(index, index + 1);
    return cells.join(',').trim();
  };

  const summary: ImportSummary = { imported: [], skipped: [] };
  for (const [index, row] of rows.entries()) {
    const line = index + 2;
    if (row.every((cell) => cell.trim() === '')) continue;
    const rawEmail = column(row, 'email');
    const skip = (reason: string) => summary.skipped.push({ line, email: rawEmail, reason });

    const email = emailField.safeParse(rawEmail);
    if (!email.success) {
      skip(email.error.issues[0]?.message ?? 'invalid email');
      continue;
    }
    const username = registerSchema.shape.username.safeParse(column(row, 'username'));
    if (!username.success) {
      skip(username.error.issues[0]?.message ?? 'invalid username');
      continue;
    }
    const passwordHash = column(row, 'passwordHash');
    if (passwordHash !== '' && !isArgon2Hash(passwordHash)) {
      skip('passwordHash is not an argon2 encoded hash');
      continue;
    }
    if (await deps.users.isEmailRegistered(email.data)) {
      skip('duplicate: email already registered');
      continue;
    }
    if (await deps.users.isUsernameRegistered(username.data)) {
      skip('duplicate: username already registered');
      continue;
    }
    let identity;
    try {
      identity = await deps.users.createIdentity(
        {
          email: email.data,
          username: username.data,
          passwordHash: passwordHash === '' ? null : passwordHash,
        },
        deps.db,
      );
    } catch (error) {
      if (postgresErrorOf(error)?.code !== '23505') throw error;
      skip('duplicate: email or username already registered');
      continue;
    }
    let resetEmail: ImportedRow['resetEmail'] = 'not needed';
    if (passwordHash === '') {
      // The identity stays imported either way; the operator can have the user use "Forgot password".
      resetEmail = await deps.recovery.sendResetLink(identity.id, identity.email, true).then(
        () => 'sent' as const,
        () => 'failed' as const,
      );
    }
    summary.imported.push({ line, email: identity.email, resetEmail });
  }
  return summary;
}

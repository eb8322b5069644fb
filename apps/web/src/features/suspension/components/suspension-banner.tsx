// The banner above every signed-in page while the company is suspended (design §11 "Suspension is
// visible"): what it means for the company's tokens and requests, and whom to write to, as a link. Not
// dismissible: it lasts as long as the suspension.
import { suspensionBannerText, type User } from '@datafeeds/domain';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';

export function SuspensionBanner({ suspension }: { suspension: User['suspension'] }) {
  if (suspension === null) return null;
  const { contact } = suspension;
  // The sentence names the address once; it is shown as a mail link where it stands.
  const [before = '', after = ''] = suspensionBannerText(contact).split(contact);
  return (
    <Alert severity="error" role="alert" sx={{ mb: 3 }}>
      {before}
      <Link href={`mailto:${contact}`} color="inherit" sx={{ fontWeight: 600 }}>
        {contact}
      </Link>
      {after}
    </Alert>
  );
}

import Link from '@mui/material/Link';

interface LegalLinkLabelProps {
  prefix: string;
  document: string;
  href: string | undefined;
}

/** "I agree to the <Terms of Service>": the document opens in a new tab, so the form keeps its input. */
export function LegalLinkLabel({ prefix, document, href }: LegalLinkLabelProps) {
  return (
    <span>
      {prefix}{' '}
      {href ? (
        <Link href={href} target="_blank" rel="noopener noreferrer" fontWeight={600}>
          {document}
        </Link>
      ) : (
        document
      )}
    </span>
  );
}

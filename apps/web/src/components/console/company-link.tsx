// A company's name in a console table, linked to its console page (design §11): the queues and the
// staff trail name the company each row is about.
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import { RouterLink } from '@/components/navigation/router-link';
import { consoleCompanyPath } from '@/config/console-paths';

interface CompanyLinkCellProps {
  company: { id: string; name: string };
  sx?: TableCellProps['sx'];
}

export function CompanyLinkCell({ company, sx }: CompanyLinkCellProps) {
  return (
    <TableCell sx={[{ overflowWrap: 'anywhere' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <RouterLink to={consoleCompanyPath(company.id)}>{company.name}</RouterLink>
    </TableCell>
  );
}

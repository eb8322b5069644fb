// The staff trail's filter by member: everyone, or one staff account's actions. The accounts come from
// the staff list, which only an admin may read; support staff see everyone's actions, unfiltered.
import Box from '@mui/material/Box';
import { SelectInput } from '@/components/form/select-input';
import type { ConsoleStaffMember } from '@datafeeds/domain';

const EVERYONE = 'everyone';

interface StaffFilterProps {
  staff: readonly ConsoleStaffMember[];
  /** The member shown, or null for everyone. */
  value: string | null;
  onChange: (staffId: string | null) => void;
}

export function StaffFilter({ staff, value, onChange }: StaffFilterProps) {
  const options = [
    { value: EVERYONE, label: 'Everyone' },
    ...staff.map((member) => ({ value: member.id, label: member.email })),
  ];
  return (
    <Box sx={{ maxWidth: 360, mb: 1 }}>
      <SelectInput
        name="staffId"
        label="Staff member"
        value={value ?? EVERYONE}
        options={options}
        hint="Operator commands are in everyone's trail."
        onChange={(event) => onChange(event.target.value === EVERYONE ? null : event.target.value)}
      />
    </Box>
  );
}

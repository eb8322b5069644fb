// The 10 recovery codes, shown this once after setup: copy or download them, then confirm to go on.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { copyText } from '@/lib/clipboard';
import { consolePaths } from '@/config/console-paths';

export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'datafeeds-console-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Box>
      <Alert severity="success" sx={{ mb: 2 }}>
        Your account is set up.
      </Alert>
      <Typography sx={{ mb: 1 }}>
        These recovery codes are shown this once. Each signs you in once if you lose your authenticator.
      </Typography>
      <Box component="ul" aria-label="Recovery codes" sx={{ fontFamily: 'monospace', pl: 3 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mb: 2 }}>
        <Button variant="outlined" onClick={() => void copyText(text).then(() => setCopied(true))}>
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="outlined" onClick={download}>
          Download codes
        </Button>
      </Box>
      <FormControlLabel
        control={<Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} />}
        label="I have saved them"
      />
      <Button
        variant="contained"
        fullWidth
        disabled={!saved}
        onClick={() => void navigate(consolePaths.login, { replace: true })}
      >
        Continue to sign in
      </Button>
    </Box>
  );
}

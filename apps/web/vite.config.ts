import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

// In development the API runs on its own port (API_PROXY_TARGET overrides it); in production it serves
// this build from the same origin.
const API_ORIGIN = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';
const apiProxy = { '/api': API_ORIGIN, '/refresh': API_ORIGIN, '/dev': API_ORIGIN };

// The sign-in page is the first page nearly every visitor loads, and its budget is 180 kB of gzipped
// JavaScript (README: web performance). Left to itself the bundler splits its form, layout and icon
// modules into a dozen small files, and small files gzip worse than one: they ship as one chunk.
const SIGN_IN_CHUNK = new RegExp(
  [
    '/src/features/auth/(components/(login-form|use-login-form|login-error-message)|api/login)\\.tsx?$',
    '/src/components/(form/(text-input|password-input|submit-button|form-error-alert)|navigation/router-link|layouts/(auth-layout|decorative-panel)|theme/color-mode-toggle|brand/[^/]+)\\.tsx?$',
    '/src/lib/analytics/events\\.ts$',
    '/@mui/material/esm/(InputBase|OutlinedInput|InputLabel|FormControl|FormHelperText|FormLabel|InputAdornment|Link|IconButton|Alert|Paper|TextareaAutosize)/',
    '/@mui/material/esm/utils/(ownerDocument|ownerWindow|debounce|useSlot)\\.js$',
    '/@mui/utils/esm/(ownerDocument|ownerWindow|debounce|getActiveElement|useSlotProps|appendOwnerState|resolveComponentProps|mergeSlotProps|extractEventHandlers|omitEventHandlers|isHostComponent)/',
    '/@mui/icons-material/esm/(Visibility|VisibilityOff|Close|DarkModeOutlined|LightModeOutlined|ErrorOutline|ReportProblemOutlined|InfoOutlined|SuccessOutlined|Sports[A-Za-z]+)\\.js$',
  ].join('|'),
);

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: 'sign-in', test: SIGN_IN_CHUNK }],
        },
      },
    },
  },
});

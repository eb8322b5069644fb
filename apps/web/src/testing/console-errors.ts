// Lets a test declare that console errors are expected (an error boundary test), without weakening the
// "console.error fails the test" rule for every other test.
let allowed = false;

export function allowConsoleErrors(): void {
  allowed = true;
}

export function consoleErrorsAllowed(): boolean {
  return allowed;
}

export function resetConsoleErrorsAllowance(): void {
  allowed = false;
}

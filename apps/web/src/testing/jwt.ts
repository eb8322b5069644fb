/** An unsigned JWT-shaped token that expires in the given number of seconds; the app only reads `exp`. */
export function fakeJwt(expiresInSeconds: number, subject = 'user-1'): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: subject, exp })}.signature`;
}

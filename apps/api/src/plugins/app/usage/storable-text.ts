// What PostgreSQL can store in a text or jsonb field: no NUL (refused in text) and no UTF-16 surrogate
// without its pair (refused in jsonb). The routes refuse both; the usage meter checks again, so no entry
// that slipped through can make a whole batch fail (design §8 "Usage").
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorable(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

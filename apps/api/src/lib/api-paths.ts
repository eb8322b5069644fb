// The paths the server answers itself; everything else belongs to the web app (files or index.html).
const SERVER_PATH = /^\/(api|refresh|dev)(\/|$|\?)/;

export function isServerPath(url: string): boolean {
  return SERVER_PATH.test(url);
}

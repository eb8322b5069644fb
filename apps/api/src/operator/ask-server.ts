// Hands an operator command to the running server through its socket and returns its answer.
import http from 'node:http';
import type { OperatorRequest } from './commands.ts';
import type { ActionResult } from './provider-team.ts';

export function askServer(socketPath: string, request: OperatorRequest): Promise<ActionResult> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { socketPath, path: '/', method: 'POST', headers: { 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(text) as ActionResult);
          } catch (error) {
            reject(
              new Error(`The server answered something unreadable: ${text.slice(0, 200)}`, { cause: error }),
            );
          }
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify(request));
  });
}

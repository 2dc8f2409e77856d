/**
 * A partner's web page, served from another origin than the app (another port: browsers treat it
 * as another site's page), for what is embedded in other sites: the iframe view of a map, the
 * extractor with an app key.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PartnerPage {
  /** The page's address, e.g. http://localhost:41234/ (the app is on 127.0.0.1: another origin whatever the port). */
  url: string;
  close(): Promise<void>;
}

/** Serves `html` at / (and nothing else) until closed. */
export async function servePartnerPage(html: string): Promise<PartnerPage> {
  const server = http.createServer((request, response) => {
    if (request.url !== '/' && request.url !== '/index.html') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

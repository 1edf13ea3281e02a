// Module hooks of ./register.mjs: every URL a module is loaded from goes to $REPOMAP_MODULE_LOG.
import { appendFileSync } from 'node:fs';

export async function load(url, context, nextLoad) {
  appendFileSync(process.env.REPOMAP_MODULE_LOG, `${url}\n`);
  return nextLoad(url, context);
}

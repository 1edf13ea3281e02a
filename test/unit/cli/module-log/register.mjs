// `node --import ./register.mjs …`: appends the URL of every module the process loads, one
// a line, to the file named by $REPOMAP_MODULE_LOG (./hooks.mjs; module hooks run on a
// thread of their own, so they write to a file rather than to the process' streams).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);

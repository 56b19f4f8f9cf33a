/** `npm run bench`: the engine, OpenAPI, HTTP, API, limits, jobs, job load, prompt and seed benchmarks in sequence (each also runs on its own). */
import { run as api } from './api.bench.js';
import { run as engine } from './engine.bench.js';
import { run as http } from './http.bench.js';
import { run as jobLoad } from './job-load.bench.js';
import { run as jobs } from './jobs.bench.js';
import { run as limits } from './limits.bench.js';
import { run as openapi } from './openapi.bench.js';
import { run as prompt } from './prompt.bench.js';
import { run as seed } from './seed.bench.js';

console.log('== engine');
for (const line of engine()) console.log(line);
console.log('== openapi');
for (const line of openapi()) console.log(line);
console.log('== http');
await http();
console.log('== api');
await api();
console.log('== limits');
await limits();
console.log('== jobs');
await jobs();
console.log('== job load');
await jobLoad();
console.log('== prompt');
prompt();
console.log('== seed');
await seed();

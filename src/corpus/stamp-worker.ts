/**
 * The stamp worker: checks a folder fingerprint's stamps (`changedPositions`) on a thread
 * of its own, so that the thread that started it reads a kept index meanwhile. Its
 * `workerData` is a `StampCheck`; it posts the changed positions.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { changedPositions, type StampCheck } from './stamps.js';

parentPort?.postMessage(changedPositions(workerData as StampCheck));

// The default worker script of createEngineWorker() in Node.
import { serveEngine } from './worker.node.js';

serveEngine();

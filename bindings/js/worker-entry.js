// The default worker script of createEngineWorker() (browsers): an engine answering the page.
import { serveEngine } from './worker.js';

serveEngine();

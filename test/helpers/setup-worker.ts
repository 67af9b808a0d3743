import { stopOnExit } from './stop-on-exit.js';

// Every test worker: nothing a test started outlives it (see stopOnExit).
stopOnExit();

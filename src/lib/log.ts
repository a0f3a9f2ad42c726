import pino from 'pino';
import { getConfig } from './config.ts';

/** The process logger: one JSON line per event, on stdout. */
export const log = pino({ level: getConfig().LOG_LEVEL, base: undefined });

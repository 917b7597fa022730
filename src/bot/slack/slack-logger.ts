import { LogLevel, type Logger as SlackLogger } from '@slack/bolt';
import type { Logger } from '../../logger.js';

/** Bolt and the WebClient log through our pino logger (and so through its redaction). */
export function toSlackLogger(logger: Logger): SlackLogger {
  const child = logger.child({ component: 'slack' });
  let level: LogLevel = LogLevel.INFO;
  const join = (msg: unknown[]) => msg.map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join(' ');
  return {
    debug: (...msg) => child.debug(join(msg)),
    info: (...msg) => child.info(join(msg)),
    warn: (...msg) => child.warn(join(msg)),
    error: (...msg) => child.error(join(msg)),
    setLevel: (l) => {
      level = l;
    },
    getLevel: () => level,
    setName: () => undefined,
  };
}

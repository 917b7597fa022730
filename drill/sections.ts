import { approvalKillDrill } from './approval-kill.js';
import { databaseDrill } from './database.js';
import { hostileDrill } from './hostile.js';
import { killDrill } from './kill.js';
import type { Drill } from './types.js';

/** Every drill `npm run drill` runs, in order. Each drill file adds itself here with one line. */
export const DRILLS: Drill[] = [hostileDrill, killDrill, approvalKillDrill, databaseDrill];

import { deIncidents } from './de.js';
import { enIncidents } from './en.js';
import { esIncidents } from './es.js';
import { frIncidents } from './fr.js';
import type { IncidentBank } from './incident-bank.js';
import { itIncidents } from './it.js';
import { nlIncidents } from './nl.js';
import { arIncidents, jaIncidents, thIncidents, zhIncidents } from './other-scripts.js';
import { plIncidents } from './pl.js';
import { ptIncidents } from './pt.js';

export type { IncidentBank } from './incident-bank.js';

/** Each language's incident phrasings, near misses, contexts and impacts, by language code. */
export const INCIDENT_BANKS: Readonly<Record<string, IncidentBank>> = Object.fromEntries(
  [
    enIncidents,
    esIncidents,
    frIncidents,
    deIncidents,
    ptIncidents,
    itIncidents,
    nlIncidents,
    plIncidents,
    jaIncidents,
    zhIncidents,
    thIncidents,
    arIncidents,
  ].map((b) => [b.language, b]),
);

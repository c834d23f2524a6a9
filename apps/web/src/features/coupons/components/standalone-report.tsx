import { useStandaloneReport } from '../api/use-standalone-report.ts';

/** SH-15 as a component, so the shell can load it (and the query client) only once signed in. */
export default function StandaloneReport() {
  useStandaloneReport();
  return null;
}

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ConsoleDashboardResponse } from '@pisonow/domain';

const SERIES = [
  { key: 'applications', name: 'Applications', color: '#0b5c55' },
  { key: 'approvals', name: 'Approvals', color: '#1d4ed8' },
  { key: 'disbursements', name: 'Disbursements', color: '#b45309' },
  { key: 'collections', name: 'Collections', color: '#7e22ce' },
] as const;

/** The last 30 days as lines (recharts, loaded only with the dashboard). */
export default function TrendChart({ days }: { days: ConsoleDashboardResponse['last30Days'] }) {
  const totals = SERIES.map((s) => `${s.name} ${days.reduce((sum, d) => sum + d[s.key], 0)}`).join(', ');
  return (
    <figure style={{ margin: 0 }} aria-label={`Last 30 days: ${totals}`} data-testid="trend-chart">
      <ResponsiveContainer width="100%" height={280}>
        <LineChart
          data={days.map((d) => ({ ...d, day: d.date.slice(5) }))}
          margin={{ top: 8, right: 16, left: 0, bottom: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" tick={{ fontSize: 12, fill: '#374151' }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#374151' }} />
          <Tooltip />
          <Legend />
          {SERIES.map((s) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={s.color}
              dot={false}
              strokeWidth={2}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
      <figcaption style={{ fontSize: 12, color: '#374151' }}>
        Per Manila day, last 30 days. Totals: {totals}.
      </figcaption>
    </figure>
  );
}

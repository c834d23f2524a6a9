import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Descriptions, Input, Row, Space, Statistic, Table, Typography } from 'antd';
import type { MonthReportResponse, PortfolioReportResponse } from '@pisonow/domain';
import { api } from '../api.ts';
import { peso } from '../format.ts';

/** Today in Manila, YYYY-MM-DD. */
function manilaToday(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}
/** The month before the one of `day`, YYYY-MM. */
function monthBefore(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
const percent = (r: number | null) => (r === null ? '—' : `${(r * 100).toFixed(2)}%`);
const bucketLabel = (b: { bucket: string; minDays: number; maxDays: number | null }) =>
  b.bucket === 'current' ? 'Current (0 days)' : `${b.bucket} days past due`;

/**
 * Portfolio and month-end reports (BE-15), read-only: aging by days-past-due bucket and PAR as of
 * a day; a month's roll rates, collection efficiency, write-offs and recoveries, trial balance and
 * income statement. Each also downloads as CSV. Finance and admin.
 */
export function Reports() {
  const [asOf, setAsOf] = useState(() => manilaToday(new Date()));
  const [month, setMonth] = useState(() => monthBefore(manilaToday(new Date())));
  const validDay = /^\d{4}-\d{2}-\d{2}$/.test(asOf);
  const validMonth = /^\d{4}-\d{2}$/.test(month);
  const portfolio = useQuery({
    queryKey: ['reports', 'portfolio', asOf],
    queryFn: () => api<PortfolioReportResponse>('GET', `/api/console/reports/portfolio?asOf=${asOf}`),
    enabled: validDay,
  });
  const monthly = useQuery({
    queryKey: ['reports', 'month', month],
    queryFn: () => api<MonthReportResponse>('GET', `/api/console/reports/month?month=${month}`),
    enabled: validMonth,
  });
  const p = portfolio.data;
  const m = monthly.data;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Reports
      </Typography.Title>

      <Typography.Title level={2} style={{ fontSize: 20 }}>
        Portfolio
      </Typography.Title>
      <Space style={{ marginBottom: 16 }} wrap>
        <label htmlFor="reports-as-of">As of the end of</label>
        <Input
          id="reports-as-of"
          type="date"
          value={asOf}
          onChange={(e) => setAsOf(e.target.value)}
          style={{ width: 180 }}
          data-testid="reports-as-of"
        />
        <a
          href={`/api/console/reports/portfolio?asOf=${asOf}&format=csv`}
          download
          data-testid="reports-portfolio-csv"
        >
          Download portfolio CSV
        </a>
      </Space>
      {portfolio.error && <Alert type="error" title={portfolio.error.message} style={{ marginBottom: 16 }} />}
      {p && (
        <Row gutter={16} style={{ marginBottom: 16 }} data-testid="reports-par">
          <Col>
            <Card size="small">
              <Statistic title="Open loans" value={p.loans} />
            </Card>
          </Col>
          <Col>
            <Card size="small">
              <Statistic title="Principal outstanding" value={peso(p.principalOutstanding)} />
            </Card>
          </Col>
          {p.par.map((x) => (
            <Col key={x.days}>
              <Card size="small">
                <Statistic title={`PAR${x.days} (≥ ${x.days} days past due)`} value={percent(x.ratio)} />
                <Typography.Text type="secondary">{peso(x.principal)}</Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {p && p.ledgerPrincipalReceivable !== p.principalOutstanding && (
        <Alert
          type="warning"
          style={{ marginBottom: 16 }}
          title={`The ledger's principal receivable (${peso(p.ledgerPrincipalReceivable)}) differs from the loans' (${peso(p.principalOutstanding)}).`}
        />
      )}
      <Table
        data-testid="reports-aging"
        loading={portfolio.isFetching}
        rowKey="bucket"
        dataSource={p?.aging ?? []}
        pagination={false}
        size="small"
        style={{ marginBottom: 32 }}
        columns={[
          { title: 'Bucket', key: 'bucket', render: (_: unknown, r) => bucketLabel(r) },
          { title: 'Loans', dataIndex: 'loans', align: 'right' },
          { title: 'Principal outstanding', dataIndex: 'principal', align: 'right', render: peso },
          { title: 'Share', dataIndex: 'share', align: 'right', render: percent },
        ]}
      />

      <Typography.Title level={2} style={{ fontSize: 20 }}>
        Month
      </Typography.Title>
      <Space style={{ marginBottom: 16 }} wrap>
        <label htmlFor="reports-month">Month</label>
        <Input
          id="reports-month"
          type="month"
          value={month}
          onChange={(e) => setMonth(e.target.value)}
          style={{ width: 180 }}
          data-testid="reports-month"
        />
        <a
          href={`/api/console/reports/month?month=${month}&format=csv`}
          download
          data-testid="reports-month-csv"
        >
          Download month CSV
        </a>
      </Space>
      {monthly.error && <Alert type="error" title={monthly.error.message} style={{ marginBottom: 16 }} />}
      {m && (
        <>
          <Descriptions
            bordered
            size="small"
            column={1}
            style={{ marginBottom: 16 }}
            data-testid="reports-collection"
          >
            <Descriptions.Item label="Fell due in the month">{peso(m.collection.fellDue)}</Descriptions.Item>
            <Descriptions.Item label="Collected on it">{peso(m.collection.collected)}</Descriptions.Item>
            <Descriptions.Item label="Collection efficiency">
              {percent(m.collection.efficiency)}
            </Descriptions.Item>
            <Descriptions.Item label="All repayments received">
              {peso(m.collection.collectedAll)}
            </Descriptions.Item>
            <Descriptions.Item label="Written off">
              {peso(m.writeOffs.writtenOff)} ({m.writeOffs.writtenOffLoans} loans)
            </Descriptions.Item>
            <Descriptions.Item label="Recovered">{peso(m.writeOffs.recovered)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            Roll rates from {m.previousMonthEnd} to {m.to}
          </Typography.Title>
          <Table
            data-testid="reports-rolls"
            rowKey="from"
            dataSource={m.rollRates}
            pagination={false}
            size="small"
            style={{ marginBottom: 16 }}
            columns={[
              { title: 'From', dataIndex: 'from' },
              { title: 'To', dataIndex: 'to' },
              { title: 'Principal at the start', dataIndex: 'principalFrom', align: 'right', render: peso },
              { title: 'Rolled', dataIndex: 'principalRolled', align: 'right', render: peso },
              { title: 'Roll rate', dataIndex: 'rate', align: 'right', render: percent },
            ]}
          />
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            Trial balance
          </Typography.Title>
          <Table
            data-testid="reports-trial-balance"
            rowKey="account"
            dataSource={m.trialBalance.rows}
            pagination={false}
            size="small"
            style={{ marginBottom: 16 }}
            columns={[
              { title: 'Account', dataIndex: 'account' },
              { title: 'Kind', dataIndex: 'kind' },
              { title: 'Opening', dataIndex: 'opening', align: 'right', render: peso },
              { title: 'Debits', dataIndex: 'debits', align: 'right', render: peso },
              { title: 'Credits', dataIndex: 'credits', align: 'right', render: peso },
              { title: 'Closing', dataIndex: 'closing', align: 'right', render: peso },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  Total
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {peso(m.trialBalance.totals.opening)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {peso(m.trialBalance.totals.debits)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {peso(m.trialBalance.totals.credits)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  {peso(m.trialBalance.totals.closing)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            Income statement
          </Typography.Title>
          <Descriptions bordered size="small" column={1} data-testid="reports-income">
            {m.incomeStatement.income.map((l) => (
              <Descriptions.Item key={l.account} label={l.account}>
                {peso(l.amount)}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label="Total income">{peso(m.incomeStatement.totalIncome)}</Descriptions.Item>
            {m.incomeStatement.expenses.map((l) => (
              <Descriptions.Item key={l.account} label={l.account}>
                {peso(l.amount)}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label="Total expenses">
              {peso(m.incomeStatement.totalExpenses)}
            </Descriptions.Item>
            <Descriptions.Item label="Net income">{peso(m.incomeStatement.netIncome)}</Descriptions.Item>
          </Descriptions>
        </>
      )}
    </>
  );
}

import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Spin, Statistic, Table, Typography } from 'antd';
import type { ConsoleDashboardResponse } from '@pisonow/domain';
import { api } from '../api.ts';
import { peso } from '../format.ts';

const TrendChart = lazy(() => import('./TrendChart.tsx'));

/** A configured bucket in words: "Current", "1–30 days", "Over 90 days". */
function bucketLabel(b: { minDays: number; maxDays: number | null }): string {
  if (b.maxDays === 0) return 'Current';
  if (b.maxDays === null) return `Over ${b.minDays - 1} days`;
  if (b.minDays === b.maxDays) return `${b.minDays} ${b.minDays === 1 ? 'day' : 'days'}`;
  return `${b.minDays}–${b.maxDays} days`;
}

export function Dashboard() {
  const q = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => api<ConsoleDashboardResponse>('GET', '/api/console/dashboard'),
  });
  if (q.isLoading) return <Spin />;
  if (q.error || !q.data)
    return <Alert type="error" title={q.error?.message ?? 'Could not load the dashboard.'} />;
  const d = q.data;
  const stats = [
    { key: 'applications', title: 'Applications today', value: d.today.applications },
    { key: 'approvals', title: 'Approvals today', value: d.today.approvals },
    { key: 'disbursements', title: 'Disbursements today', value: d.today.disbursements },
    { key: 'collections', title: 'Collections today', value: d.today.collections },
  ];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Dashboard · {d.date} (Manila)
      </Typography.Title>
      <Row gutter={16}>
        {stats.map((s) => (
          <Col span={6} key={s.key}>
            <Card data-testid={`stat-${s.key}`}>
              <Statistic title={s.title} value={s.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>Last 30 days</h2>} style={{ marginTop: 16 }}>
        <Suspense fallback={<Spin />}>
          <TrendChart days={d.last30Days} />
        </Suspense>
      </Card>
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col span={8}>
          <Card data-testid="stat-par30">
            <Statistic
              title="Portfolio at risk (PAR30)"
              value={(d.portfolioAtRisk.par30Bp / 100).toFixed(2)}
              suffix="%"
            />
          </Card>
        </Col>
        <Col span={8}>
          <Card>
            <Statistic title="Outstanding principal" value={peso(d.portfolioAtRisk.outstandingPrincipal)} />
          </Card>
        </Col>
        <Col span={8}>
          <Card>
            <Statistic title="More than 30 days past due" value={peso(d.portfolioAtRisk.atRisk30Principal)} />
          </Card>
        </Col>
      </Row>
      <Typography.Title level={2} style={{ fontSize: 20, marginTop: 24 }}>
        Loans by days past due
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {d.classifiedOn
          ? `As the servicing day job classified them on ${d.classifiedOn}.`
          : 'The servicing day job has not classified any loan yet.'}
      </Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="bucket"
        dataSource={d.loansByDpd.map((b) => ({ ...b, label: bucketLabel(b) }))}
        columns={[
          { title: 'Days past due', dataIndex: 'label' },
          { title: 'Loans', dataIndex: 'loans', align: 'right' },
        ]}
      />
    </>
  );
}

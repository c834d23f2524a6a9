import { useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Layout, Menu, Spin, Typography } from 'antd';
import { consoleRolesFor, type ConsoleSessionResponse } from '@pisonow/domain';
import { api, onUnauthenticated, setCsrfToken } from './api.ts';
import { navigate, usePath } from './router.ts';
import { SignIn } from './pages/SignIn.tsx';
import { Dashboard } from './pages/Dashboard.tsx';
import { Search } from './pages/Search.tsx';
import { BorrowerPage } from './pages/BorrowerPage.tsx';
import { Audit } from './pages/Audit.tsx';
import { Engagement } from './pages/Engagement.tsx';
import { Feedback } from './pages/Feedback.tsx';
import { DataRequests } from './pages/DataRequests.tsx';
import { Complaints } from './pages/Complaints.tsx';
import { CreditReports } from './pages/CreditReports.tsx';
import { Reports } from './pages/Reports.tsx';
import { AmlQueue } from './pages/AmlQueue.tsx';
import { Disputes } from './pages/Disputes.tsx';
import { Accounting } from './pages/Accounting.tsx';
import { Finance } from './pages/Finance.tsx';
import { ReviewCase, ReviewQueue } from './pages/ReviewQueue.tsx';
import { Switches } from './pages/Switches.tsx';
import { Product } from './pages/Product.tsx';
import { CollectionsLog } from './pages/CollectionsLog.tsx';

export function App() {
  const client = useQueryClient();
  const [signedOut, setSignedOut] = useState(false);
  const me = useQuery({
    queryKey: ['me'],
    queryFn: () => api<ConsoleSessionResponse>('GET', '/api/console/me'),
    retry: false,
    enabled: !signedOut,
  });
  useEffect(() => {
    onUnauthenticated(() => {
      setCsrfToken(null);
      client.clear();
      setSignedOut(true);
    });
  }, [client]);
  useEffect(() => {
    if (me.data) setCsrfToken(me.data.csrfToken);
  }, [me.data]);

  if (me.isLoading) return <Spin fullscreen tip="Loading" />;
  if (signedOut || !me.data) {
    return (
      <SignIn
        onSignedIn={(session) => {
          setCsrfToken(session.csrfToken);
          client.setQueryData(['me'], session);
          setSignedOut(false);
        }}
      />
    );
  }
  return <Shell session={me.data} onSignOut={() => setSignedOut(true)} />;
}

interface Section {
  key: string;
  label: string;
  /** whether the operator's role may open it (the server enforces the same map) */
  shown: boolean;
  render: () => ReactNode;
}

function Shell({ session, onSignOut }: { session: ConsoleSessionResponse; onSignOut: () => void }) {
  const path = usePath();
  const client = useQueryClient();
  const borrower = /^\/console\/borrowers\/([0-9a-f-]{36})/.exec(path)?.[1];
  const reviewCase = /^\/console\/review\/([0-9a-f-]{36})/.exec(path)?.[1];
  const allowed = (endpoint: string, method = 'GET') => {
    const roles = consoleRolesFor(method, endpoint);
    return roles === 'public' || (roles ?? []).includes(session.operator.role);
  };
  const canGrant = allowed('/api/console/coupons', 'POST');
  const canSend = allowed('/api/console/notices', 'POST');
  const canCollect = allowed('/api/console/borrowers/:customerId/collection-contacts');
  // THE console's sections, in menu order: the menu, the page under /console/<key> and the role
  // check come from this one list
  const sections: Section[] = [
    { key: 'dashboard', label: 'Dashboard', shown: true, render: () => <Dashboard /> },
    {
      key: 'search',
      label: 'Borrowers',
      shown: true,
      render: () =>
        borrower ? (
          <>
            <BorrowerPage
              customerId={borrower}
              canEngage={canGrant || canSend}
              canAml={allowed('/api/console/aml/borrowers/:customerId')}
            />
            {canCollect && <CollectionsLog customerId={borrower} />}
          </>
        ) : (
          <Search />
        ),
    },
    {
      key: 'review',
      label: 'Review queue',
      shown: allowed('/api/console/review-cases'),
      render: () => (reviewCase ? <ReviewCase caseId={reviewCase} /> : <ReviewQueue />),
    },
    {
      key: 'finance',
      label: 'Finance',
      shown: allowed('/api/console/money/payouts'),
      render: () => <Finance operatorId={session.operator.id} role={session.operator.role} />,
    },
    {
      key: 'engagement',
      label: 'Coupons & messages',
      shown: canGrant || canSend,
      render: () => <Engagement canGrant={canGrant} canSend={canSend} />,
    },
    {
      key: 'disputes',
      label: 'Payment disputes',
      shown: allowed('/api/console/disputes'),
      render: () => <Disputes canResolve={allowed('/api/console/disputes/:disputeId/resolve', 'POST')} />,
    },
    {
      key: 'feedback',
      label: 'Feedback',
      shown: allowed('/api/console/feedback'),
      render: () => <Feedback />,
    },
    {
      key: 'complaints',
      label: 'Complaints',
      shown: allowed('/api/console/complaints'),
      render: () => (
        <Complaints canRespond={allowed('/api/console/complaints/:complaintId/progress', 'POST')} />
      ),
    },
    {
      key: 'switches',
      label: 'Switches',
      shown: allowed('/api/console/switches'),
      render: () => <Switches />,
    },
    {
      key: 'product',
      label: 'Product',
      shown: allowed('/api/console/product'),
      render: () => <Product operatorId={session.operator.id} />,
    },
    {
      key: 'data',
      label: 'Data requests',
      shown: allowed('/api/console/data-requests'),
      render: () => (
        <DataRequests
          canComplete={allowed('/api/console/data-requests/:requestId/complete', 'POST')}
          canSeeErasures={allowed('/api/console/retention-erasures')}
        />
      ),
    },
    {
      key: 'aml',
      label: 'AML screening',
      shown: allowed('/api/console/aml/screenings'),
      render: () => <AmlQueue />,
    },
    {
      key: 'credit',
      label: 'Credit reports',
      shown: allowed('/api/console/credit-reports'),
      render: () => (
        <CreditReports canMarkSent={allowed('/api/console/credit-reports/:reportId/submitted', 'POST')} />
      ),
    },
    {
      key: 'reports',
      label: 'Reports',
      shown: allowed('/api/console/reports/portfolio'),
      render: () => <Reports />,
    },
    {
      key: 'accounting',
      label: 'Month-end',
      shown: allowed('/api/console/accounting/closures'),
      render: () => <Accounting canClose={allowed('/api/console/accounting/closures', 'POST')} />,
    },
    { key: 'audit', label: 'Audit trail', shown: allowed('/api/console/audit'), render: () => <Audit /> },
  ].filter((s) => s.shown);
  const segment = borrower ? 'search' : (/^\/console\/([a-z]+)/.exec(path)?.[1] ?? 'dashboard');
  const current = sections.find((s) => s.key === segment) ?? sections[0]!;
  const signOut = async () => {
    await api('POST', '/api/console/auth/sign-out').catch(() => undefined);
    setCsrfToken(null);
    client.clear();
    onSignOut();
  };
  // The sections sit in a side menu, one per line: a horizontal menu folds whatever does not fit
  // into a "…" overflow, and an admin (who sees every section) lost Switches and Audit trail there.
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 24 }}>
        <Typography.Text strong style={{ color: '#fff', fontSize: 18, whiteSpace: 'nowrap', flex: 1 }}>
          PisoNow Console
        </Typography.Text>
        <Typography.Text style={{ color: '#fff' }} data-testid="operator">
          {session.operator.email} ({session.operator.role})
        </Typography.Text>
        <Button onClick={signOut} data-testid="sign-out">
          Sign out
        </Button>
      </Layout.Header>
      <Layout>
        {/* dark like the header: white on the brand teal when selected (5.4:1); the light menu's
            teal-on-tint failed axe's contrast check */}
        <Layout.Sider width={200} theme="dark">
          <nav aria-label="Main">
            <Menu
              theme="dark"
              mode="inline"
              selectedKeys={[current.key]}
              onClick={({ key }) => navigate(key === 'dashboard' ? '/console/' : `/console/${key}`)}
              items={sections.map((s) => ({ key: s.key, label: s.label }))}
              style={{ height: '100%', borderInlineEnd: 0 }}
            />
          </nav>
        </Layout.Sider>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <main>{current.render()}</main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

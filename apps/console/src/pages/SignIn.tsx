import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import type { ConsoleSessionResponse } from '@pisonow/domain';
import { api, ApiError } from '../api.ts';

interface Values {
  email: string;
  password: string;
  code: string;
}

/** E-mail, password and the 6-digit code of the operator's authenticator app (TOTP). */
export function SignIn({ onSignedIn }: { onSignedIn: (session: ConsoleSessionResponse) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await api<ConsoleSessionResponse>('POST', '/api/console/auth/sign-in', values));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Sign-in failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}>
      <Card style={{ width: 400 }}>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          PisoNow Console
        </Typography.Title>
        <Typography.Paragraph>
          Sign in with your e-mail, password and authenticator code.
        </Typography.Paragraph>
        {error && (
          <Alert
            type="error"
            title={error}
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="sign-in-error"
          />
        )}
        <Form<Values> layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            label="E-mail"
            name="email"
            rules={[{ required: true, type: 'email', message: 'Enter your e-mail.' }]}
          >
            <Input autoComplete="username" data-testid="email" />
          </Form.Item>
          <Form.Item
            label="Password"
            name="password"
            rules={[{ required: true, message: 'Enter your password.' }]}
          >
            <Input.Password autoComplete="current-password" data-testid="password" />
          </Form.Item>
          <Form.Item
            label="Authenticator code"
            name="code"
            rules={[{ required: true, pattern: /^\d{6}$/, message: 'Enter the 6-digit code.' }]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} data-testid="code" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="sign-in">
            Sign in
          </Button>
        </Form>
      </Card>
    </main>
  );
}

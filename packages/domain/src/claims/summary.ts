// The answers of a claim as a person reads them: per step of the path its German title and each
// answered field with its German label and the value formatted (option labels, dd.MM.yyyy dates,
// '1.234,56 EUR' amounts, lists item by item). The receipt PDF, the claim detail and the clerk's
// view print this list; it is computed from the flow, so a new field needs no extra text.
import { formatGermanDate, isCalendarDate } from '../dates/calendar-date';
import { formatCents } from '../format/money';
import type { Field } from '../application/fields';
import { findStep } from '../application/flow';
import type { Flow, FlowAnswers } from '../application/flow';
import { reachableSteps } from '../application/navigation';

/** One answered field. */
export interface ClaimAnswerLine {
  label: string;
  wert: string;
}

/** One step's answered fields. */
export interface ClaimAnswerSection {
  schritt: string;
  titel: string;
  angaben: ClaimAnswerLine[];
}

function formatValue(field: Field, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  switch (field.kind) {
    case 'radio':
    case 'select':
      return field.options.find((option) => option.value === value)?.label ?? String(value);
    case 'checkboxes':
      return Array.isArray(value)
        ? value
            .map((item) => field.options.find((option) => option.value === item)?.label ?? String(item))
            .join(', ')
        : undefined;
    case 'checkbox':
      return value === true ? 'bestätigt' : undefined;
    case 'date':
      return typeof value === 'string' && isCalendarDate(value) ? formatGermanDate(value) : String(value);
    case 'money':
      return typeof value === 'number' && Number.isSafeInteger(value) ? formatCents(value) : undefined;
    case 'list':
      if (!Array.isArray(value) || value.length === 0) return undefined;
      return value
        .map((item, index) => {
          const parts = field.itemFields
            .map((inner) =>
              inner.kind === 'notice' || inner.kind === 'documents'
                ? undefined
                : formatValue(inner, (item as Record<string, unknown> | null)?.[inner.key]),
            )
            .filter((part): part is string => part !== undefined);
          return `${index + 1}. ${parts.join(', ')}`;
        })
        .join('\n');
    case 'notice':
    case 'documents':
    case 'variants':
      return undefined;
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  }
}

/** The answers on the flow's path with German labels; steps without an answer are left out. */
export function summarizeClaimAnswers(flow: Flow, answers: FlowAnswers): ClaimAnswerSection[] {
  const sections: ClaimAnswerSection[] = [];
  for (const stepId of reachableSteps(flow, answers, 'antrag')) {
    const step = findStep(flow, stepId);
    const page = answers[stepId];
    if (!step || !page) continue;
    const angaben: ClaimAnswerLine[] = [];
    for (const field of step.fields ?? []) {
      if (field.kind === 'notice' || field.kind === 'documents') continue;
      const wert = formatValue(field, page[field.key]);
      if (wert !== undefined) angaben.push({ label: field.label, wert });
    }
    if (angaben.length > 0) sections.push({ schritt: step.id, titel: step.title, angaben });
  }
  return sections;
}

import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_SCORE_MAX,
  FEEDBACK_SCORE_MIN,
  isFeedbackSource,
  parseFeedbackScore,
  type FeedbackSource,
} from '@schirm/domain/consents';
import { useId, useRef, useState } from 'react';
import { Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiErrorMessage } from '../../lib/download-document';
import { useDocumentTitle } from '../../lib/document-title';
import { useFlag, useFlagsSettled } from '../../lib/flags';
import { useBrandName } from '../../lib/shell-context';
import { Button, buttonClassName } from '../../ui/button';
import { Checkbox } from '../../ui/forms/checkbox';
import { Textarea } from '../../ui/forms/textarea';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { useSendFeedback } from './api/feedback-api';
import styles from './feedback.module.css';

/**
 * The address of the feedback page for a source, with the score prefilled when given (spec §2
 * '/feedback/:source/:score?'); e.g. feedbackPath('nachricht') → '/feedback/nachricht/'.
 */
export function feedbackPath(source: FeedbackSource, score?: number): string {
  return score === undefined ? `/feedback/${source}/` : `/feedback/${source}/${score}/`;
}

/** The route's loader: an unknown source, or a score that is not 0–10, is the 404 page. */
export function feedbackLoader({ params }: LoaderFunctionArgs): { source: FeedbackSource; score?: number } {
  const source = params.source ?? '';
  if (!isFeedbackSource(source)) throw data(null, { status: 404 });
  if (params.score === undefined) return { source };
  const score = parseFeedbackScore(params.score);
  if (score === undefined) throw data(null, { status: 404 });
  return { source, score };
}

const SCORES = Array.from(
  { length: FEEDBACK_SCORE_MAX - FEEDBACK_SCORE_MIN + 1 },
  (_, index) => FEEDBACK_SCORE_MIN + index,
);

function FeedbackForm({
  source,
  score,
  isSignedIn,
  onSent,
}: {
  source: FeedbackSource;
  score: number | undefined;
  isSignedIn: boolean;
  onSent: () => void;
}) {
  const { t } = useTranslation('feedback');
  const send = useSendFeedback();
  const legendId = useId();
  const endsId = useId();
  const [bewertung, setBewertung] = useState<string | null>(score === undefined ? null : String(score));
  const [kommentar, setKommentar] = useState('');
  const [withAccount, setWithAccount] = useState(false);
  const [showRequired, setShowRequired] = useState(false);
  // A double click must send one feedback: the button's pending state arrives only after the
  // mutation's next render, too late for the second click of the pair.
  const isSending = useRef(false);

  const submit = () => {
    if (bewertung === null) {
      setShowRequired(true);
      return;
    }
    if (isSending.current) return;
    isSending.current = true;
    const trimmed = kommentar.trim();
    send.mutate(
      {
        quelle: source,
        bewertung: Number(bewertung),
        ...(trimmed ? { kommentar: trimmed } : {}),
        withAccount: isSignedIn && withAccount,
      },
      {
        onSuccess: onSent,
        onError: () => {
          isSending.current = false;
        },
      },
    );
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <RadioGroup
        className={styles.scale}
        aria-labelledby={legendId}
        aria-describedby={endsId}
        orientation="horizontal"
        value={bewertung}
        onChange={(value) => {
          setBewertung(value);
          setShowRequired(false);
        }}
        isRequired
        isInvalid={showRequired}
        validationBehavior="aria"
      >
        <span id={legendId} className={styles.legend}>
          {t(`source.${source}`)}
        </span>
        <div className={styles.options}>
          {SCORES.map((value) => (
            <Radio
              key={value}
              value={String(value)}
              className={styles.option}
              aria-label={t('scoreOptionLabel', { score: value })}
            >
              {t('scoreOption', { score: value })}
            </Radio>
          ))}
        </div>
        <p id={endsId} className={styles.ends}>
          <span>{t('scaleLow')}</span>
          <span>{t('scaleHigh')}</span>
        </p>
        {showRequired ? (
          <p role="alert" className={styles.error}>
            {t('scoreRequired')}
          </p>
        ) : null}
      </RadioGroup>
      <Textarea
        label={t('comment')}
        description={t('commentDescription')}
        value={kommentar}
        onChange={setKommentar}
        maxLength={FEEDBACK_COMMENT_MAX}
        showCounter
        rows={4}
      />
      {isSignedIn ? (
        <Checkbox label={t('withAccount')} value={withAccount} onChange={setWithAccount} />
      ) : null}
      {!isSignedIn || !withAccount ? <p>{t('anonymous')}</p> : null}
      <div className={styles.actions}>
        <Button type="submit" isPending={send.isPending}>
          {t('send')}
        </Button>
        {send.isPending ? <span role="status">{t('sending')}</span> : null}
      </div>
      {send.isError ? (
        <p role="alert" className={styles.error}>
          {apiErrorMessage(send.error) ?? t('failed')}
        </p>
      ) : null}
    </form>
  );
}

/**
 * /feedback/:source/:score?/ (spec §2, flag 'feedback'): a score of 0–10, prefilled from the link,
 * and an optional comment after a claim, a message or an application; anonymous unless a signed-in
 * customer chooses to send it with their account. While the flag is off the page says so.
 */
export function FeedbackPage({ isSignedIn = false }: { isSignedIn?: boolean }) {
  const { t } = useTranslation('feedback');
  useDocumentTitle(t('title', { brand: useBrandName() }));
  const { source, score } = useLoaderData<typeof feedbackLoader>();
  const isOn = useFlag('feedback');
  const isSettled = useFlagsSettled();
  const [isSent, setSent] = useState(false);

  if (!isOn && !isSettled) return <Loading isBlock />;
  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('headline')}</h1>
      {!isOn ? (
        <InfoBox variant="warning">{t('disabled')}</InfoBox>
      ) : isSent ? (
        <>
          <InfoBox headline={t('thanksTitle')}>{t('thanksText')}</InfoBox>
          <div className={styles.actions}>
            <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
              {t('toHome')}
            </Link>
          </div>
        </>
      ) : (
        <FeedbackForm
          key={`${source}/${score ?? ''}`}
          source={source}
          score={score}
          isSignedIn={isSignedIn}
          onSent={() => setSent(true)}
        />
      )}
    </div>
  );
}

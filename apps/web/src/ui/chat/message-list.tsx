import { formatDateTime } from '@schirm/domain/format/date';
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { VisuallyHidden } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { ShowMoreToggle } from '../show-more-toggle';
import type { ChatMessage } from './chat-message';
import { sanitizeHtml } from './sanitize-html';
import styles from './message-list.module.css';

/** Spec §9: within 20 px of the bottom the list follows new messages again. */
export const CHAT_BOTTOM_SNAP_PX = 20;
/** Messages with more text than this are shortened behind 'Mehr anzeigen'. */
export const CHAT_TRUNCATE_CHARS = 400;

/** Whether a scroll container is at (or within the snap distance of) its bottom. */
export function isNearBottom(
  element: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>,
): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= CHAT_BOTTOM_SNAP_PX;
}

export interface MessageListProps {
  messages: readonly ChatMessage[];
  /** Names the conversation, e.g. 'Nachrichtenverlauf zu Schaden 4711'. */
  'aria-label'?: string;
  className?: string;
}

/**
 * A conversation as a log (screen readers hear new messages politely). It keeps to the newest message
 * unless the person has scrolled up to read, and follows again once they are back at the bottom.
 */
export function MessageList({ messages, 'aria-label': ariaLabel, className }: MessageListProps) {
  const { t } = useTranslation('ui');
  const logRef = useRef<HTMLDivElement>(null);
  const isPinned = useRef(true);
  const [hasUnseen, setUnseen] = useState(false);
  const newestId = messages.at(-1)?.id;

  const scrollToBottom = useCallback(() => {
    const log = logRef.current;
    if (!log) return;
    log.scrollTop = log.scrollHeight;
    isPinned.current = true;
    setUnseen(false);
  }, []);

  useLayoutEffect(() => {
    if (isPinned.current) scrollToBottom();
    else setUnseen(true);
  }, [newestId, scrollToBottom]);

  const onScroll = () => {
    const log = logRef.current;
    if (!log) return;
    isPinned.current = isNearBottom(log);
    if (isPinned.current) setUnseen(false);
  };

  return (
    <div className={[styles.wrapper, className].filter(Boolean).join(' ')}>
      <div
        ref={logRef}
        role="log"
        aria-label={ariaLabel ?? t('chat.logLabel')}
        tabIndex={0}
        className={styles.log}
        onScroll={onScroll}
      >
        <ol className={styles.list}>
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ol>
      </div>
      {hasUnseen ? (
        <Button size="s" className={styles.jump} onPress={scrollToBottom}>
          {t('chat.jumpToNewest')}
        </Button>
      ) : null}
    </div>
  );
}

function MessageItem({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('ui');
  const contentId = useId();
  const [isExpanded, setExpanded] = useState(false);
  const { nodes, isLong } = useMessageBody(message, isExpanded);
  const time = message.time instanceof Date ? message.time.toISOString() : message.time;
  const itemClass = [
    styles.item,
    styles[message.direction],
    message.source === 'SYSTEM' ? styles.system : undefined,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <li className={itemClass}>
      <article className={styles.bubble} aria-labelledby={`${contentId}-meta`}>
        <p className={styles.meta} id={`${contentId}-meta`}>
          <VisuallyHidden elementType="span">{t(`chat.direction.${message.direction}`)} </VisuallyHidden>
          <span className={styles.author}>{message.author}</span>
          <span className={styles.source}>{t(`chat.source.${message.source}`)}</span>
          <time dateTime={time}>{formatDateTime(message.time)}</time>
        </p>
        {message.subject ? (
          <p className={styles.subject}>
            <VisuallyHidden elementType="span">{t('chat.subject')} </VisuallyHidden>
            {message.subject}
          </p>
        ) : null}
        {message.recipients?.length ? (
          <p className={styles.addresses}>
            {t('chat.recipients')} {message.recipients.join(', ')}
          </p>
        ) : null}
        {message.cc?.length ? (
          <p className={styles.addresses}>
            {t('chat.cc')} {message.cc.join(', ')}
          </p>
        ) : null}
        <div id={contentId} className={styles.content}>
          {nodes}
        </div>
        {isLong ? (
          <ShowMoreToggle
            size="s"
            className={styles.toggle}
            isExpanded={isExpanded}
            onToggle={() => setExpanded((value) => !value)}
            controls={contentId}
          />
        ) : null}
      </article>
    </li>
  );
}

function useMessageBody(message: ChatMessage, isExpanded: boolean) {
  return useMemo(() => {
    const limit = isExpanded ? Number.POSITIVE_INFINITY : CHAT_TRUNCATE_CHARS;
    if (message.html) {
      const { nodes, textLength } = sanitizeHtml(message.content, { maxChars: limit });
      return { nodes, isLong: textLength > CHAT_TRUNCATE_CHARS };
    }
    const isLong = message.content.length > CHAT_TRUNCATE_CHARS;
    const text = isLong && !isExpanded ? shorten(message.content, CHAT_TRUNCATE_CHARS) : message.content;
    return {
      nodes: [
        <p key="text" className={styles.text}>
          {text}
        </p>,
      ],
      isLong,
    };
  }, [message.html, message.content, isExpanded]);
}

function shorten(text: string, maxChars: number): string {
  const cut = text.slice(0, maxChars);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length > 0 ? atWord : cut).trimEnd()} …`;
}

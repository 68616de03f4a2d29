import { Link } from 'react-router';
import type { FaqBlock, FaqInline } from '../lib/faq';
import styles from './faq-answer.module.css';

function Inline({ inline }: { inline: FaqInline }) {
  switch (inline.type) {
    case 'text':
      return inline.text;
    case 'strong':
      return <strong>{inline.text}</strong>;
    case 'link':
      // The server allows only portal paths and https addresses (modules/content/faq.ts).
      return inline.href.startsWith('/') ? (
        <Link to={inline.href}>{inline.text}</Link>
      ) : (
        <a href={inline.href} rel="noopener noreferrer">
          {inline.text}
        </a>
      );
  }
}

function Inlines({ content }: { content: FaqInline[] }) {
  return content.map((inline, index) => <Inline key={index} inline={inline} />);
}

/** An FAQ answer as paragraphs and lists; its texts become React text nodes, never HTML. */
export function FaqAnswer({ blocks }: { blocks: FaqBlock[] }) {
  return (
    <div className={styles.answer}>
      {blocks.map((block, index) => {
        if (block.type === 'paragraph') {
          return (
            <p key={index}>
              <Inlines content={block.content} />
            </p>
          );
        }
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Inlines content={item} />
              </li>
            ))}
          </List>
        );
      })}
    </div>
  );
}

import type { ReactNode } from 'react';
import './markdown.css';
import { Link } from 'react-router';
import type { Token, Tokens } from 'marked';
import { decodeEntities, headingIds, lex, linkTarget } from '../lib/markdown-text.ts';

/*
 * A small markdown renderer over marked's tokens, straight to React elements: text is always text (React escapes
 * it), raw HTML in the markdown is shown as written and never injected, and links go only where linkTarget allows.
 */

type Inline = readonly Token[] | undefined;

function renderLink(token: Tokens.Link, key: number): ReactNode {
  const children = renderInline(token.tokens);
  const target = linkTarget(token.href);
  const title = token.title ?? undefined;
  switch (target.kind) {
    case 'route':
      return (
        <Link key={key} to={target.to} title={title}>
          {children}
        </Link>
      );
    case 'page':
      return (
        <a key={key} href={target.href} title={title}>
          {children}
        </a>
      );
    case 'external':
      return (
        <a key={key} href={target.href} title={title} target="_blank" rel="noopener noreferrer">
          {children}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      );
    case 'none':
      return <span key={key}>{children}</span>;
  }
}

function renderInline(tokens: Inline): ReactNode[] {
  return (tokens ?? []).map((t, i) => {
    switch (t.type) {
      case 'text':
        return t.tokens && t.tokens.length > 0 ? <span key={i}>{renderInline(t.tokens)}</span> : decodeEntities(t.text);
      case 'escape':
        return t.text;
      case 'strong':
        return <strong key={i}>{renderInline(t.tokens)}</strong>;
      case 'em':
        return <em key={i}>{renderInline(t.tokens)}</em>;
      case 'del':
        return <del key={i}>{renderInline(t.tokens)}</del>;
      case 'codespan':
        return <code key={i}>{t.text}</code>;
      case 'br':
        return <br key={i} />;
      case 'link':
        return renderLink(t as Tokens.Link, i);
      case 'image': {
        const target = linkTarget((t as Tokens.Image).href);
        if (target.kind === 'route') return <img key={i} src={target.to} alt={t.text} loading="lazy" className="img-fluid" />;
        if (target.kind === 'external') return <img key={i} src={target.href} alt={t.text} loading="lazy" className="img-fluid" />;
        return t.text;
      }
      case 'checkbox':
        return <input key={i} type="checkbox" className="form-check-input me-2" checked={(t as Tokens.Checkbox).checked} disabled readOnly />;
      case 'html':
        // Shown as written: markdown here never carries markup into the page.
        return t.raw;
      default:
        return 'text' in t && typeof t.text === 'string' ? t.text : null;
    }
  });
}

const ALIGN = { left: 'text-start', center: 'text-center', right: 'text-end' } as const;

function renderBlocks(tokens: readonly Token[], ids: Map<Token, string>): ReactNode[] {
  return tokens.map((t, i) => {
    switch (t.type) {
      case 'space':
      case 'def':
        return null;
      case 'heading': {
        const h = t as Tokens.Heading;
        const Tag = `h${Math.min(Math.max(h.depth, 1), 6)}` as 'h1';
        const id = ids.get(t);
        return (
          <Tag key={i} id={id} className="md-heading">
            {renderInline(h.tokens)}
            {id && h.depth > 1 && (
              <a className="md-anchor" href={`#${id}`} aria-hidden="true" tabIndex={-1}>
                #
              </a>
            )}
          </Tag>
        );
      }
      case 'paragraph':
        return <p key={i}>{renderInline((t as Tokens.Paragraph).tokens)}</p>;
      case 'text':
        return <p key={i}>{t.tokens ? renderInline(t.tokens) : decodeEntities(t.text)}</p>;
      case 'blockquote':
        return (
          <blockquote key={i} className="md-blockquote">
            {renderBlocks((t as Tokens.Blockquote).tokens, ids)}
          </blockquote>
        );
      case 'code': {
        const code = t as Tokens.Code;
        const lang = code.lang?.split(/\s/)[0];
        return (
          <pre key={i} className="md-code" data-lang={lang || undefined}>
            <code className={lang ? `language-${lang}` : undefined}>{code.text}</code>
          </pre>
        );
      }
      case 'hr':
        return <hr key={i} />;
      case 'list': {
        const list = t as Tokens.List;
        const items = list.items.map((item, j) => (
          <li key={j} className={item.task ? 'md-task' : undefined}>
            {item.loose ? renderBlocks(item.tokens, ids) : renderListItem(item.tokens, ids)}
          </li>
        ));
        return list.ordered ? (
          <ol key={i} start={list.start === '' || list.start === 1 ? undefined : list.start}>
            {items}
          </ol>
        ) : (
          <ul key={i}>{items}</ul>
        );
      }
      case 'table': {
        const table = t as Tokens.Table;
        return (
          <div key={i} className="table-responsive md-table">
            <table className="table table-sm align-middle">
              <thead>
                <tr>
                  {table.header.map((cell, j) => (
                    <th key={j} scope="col" className={cell.align ? ALIGN[cell.align] : undefined}>
                      {renderInline(cell.tokens)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, j) => (
                      <td key={j} className={cell.align ? ALIGN[cell.align] : undefined}>
                        {renderInline(cell.tokens)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      }
      case 'html':
        // A block of raw HTML is shown as text, exactly as written.
        return (
          <pre key={i} className="md-code">
            <code>{t.raw.trim()}</code>
          </pre>
        );
      default:
        return 'tokens' in t && Array.isArray(t.tokens) ? <p key={i}>{renderInline(t.tokens as Token[])}</p> : null;
    }
  });
}

/** A tight list item's content: inline text stays inline, nested lists and blocks render as blocks. */
function renderListItem(tokens: readonly Token[], ids: Map<Token, string>): ReactNode[] {
  return tokens.map((t, i) => {
    if (t.type === 'text') return <span key={i}>{t.tokens ? renderInline(t.tokens) : decodeEntities(t.text)}</span>;
    if (t.type === 'checkbox') return renderInline([t])[0];
    return <div key={i}>{renderBlocks([t], ids)}</div>;
  });
}

/**
 * Links that leave the portal become their text, and images their alt text: for markdown the portal did not write
 * (an AI model's reply), so it can neither send people elsewhere nor load anything from elsewhere.
 */
function keepPortalLinksOnly(tokens: readonly Token[]): void {
  for (const t of tokens as (Token & Record<string, unknown>)[]) {
    if (t.type === 'link' && linkTarget(String(t.href)).kind !== 'route') t.type = 'text';
    else if (t.type === 'image') Object.assign(t, { type: 'text', tokens: undefined });
    for (const value of Object.values(t)) {
      if (!Array.isArray(value)) continue;
      for (const item of value) {
        if (Array.isArray(item)) item.forEach((cell: { tokens?: Token[] }) => cell?.tokens && keepPortalLinksOnly(cell.tokens));
        else if (item && typeof item === 'object' && 'type' in item) keepPortalLinksOnly([item as Token]);
        else if (item && typeof item === 'object' && Array.isArray((item as { tokens?: unknown }).tokens))
          keepPortalLinksOnly((item as { tokens: Token[] }).tokens);
      }
    }
  }
}

/**
 * Headings get ids (for the table of contents and #links) unless `anchors` is false (many documents on one page);
 * `portalLinksOnly` keeps only links into the portal (see keepPortalLinksOnly).
 */
export function renderMarkdown(source: string, anchors = true, portalLinksOnly = false): ReactNode {
  const tokens = lex(source);
  if (portalLinksOnly) keepPortalLinksOnly(tokens);
  const ids = new Map<Token, string>();
  if (anchors) {
    const toc = headingIds(tokens);
    let h = 0;
    for (const t of tokens) if (t.type === 'heading') ids.set(t, toc[h++]!.id);
  }
  return renderBlocks(tokens, ids);
}

export function Markdown({
  source,
  className,
  anchors = true,
  portalLinksOnly = false,
}: {
  source: string;
  className?: string;
  anchors?: boolean;
  portalLinksOnly?: boolean;
}) {
  return <div className={`markdown-body${className ? ` ${className}` : ''}`}>{renderMarkdown(source, anchors, portalLinksOnly)}</div>;
}

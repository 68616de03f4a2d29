import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { request } from '../../lib/api';
import type { RequestFn } from '../../lib/request';
import type { FileStatus } from '../../ui/forms/file-upload';

/*
 * Uploads the files chosen in the design system's FileUpload (issue 14, ADR 0025): for each new
 * file a POST /api/upload/ asks for a single-use upload URL, then a PUT sends the raw bytes with
 * progress (XMLHttpRequest: fetch reports no upload progress). The caller gets the finished
 * uploads ({ uploadId, dateiname, groesse, typ }) to send with its form, and each file's state for
 * the list: progress, a German error, notes such as a password-protected PDF. Removing a file
 * aborts its upload. Without sign-in (public claim report) the server's upload key is kept and
 * sent again, so all files of one report share it; several fields of one report share it through
 * an UploadKeyShare (a known key to start from, told when the server issues one).
 */

/**
 * An anonymous caller's upload key shared by several fields (one claim report): get() the key
 * known so far (e.g. kept over a reload), set() when the server issued one.
 */
export interface UploadKeyShare {
  get: () => string | undefined;
  set: (uploadSchluessel: string) => void;
}

/** The request that is asking for a share's first key: later files wait for it, so all get one key. */
const firstKeyRequests = new WeakMap<UploadKeyShare, Promise<void>>();

async function takeKey(
  share: UploadKeyShare,
): Promise<{ key: string | undefined; done: (issued: string | undefined) => void }> {
  for (;;) {
    const key = share.get();
    if (key) return { key, done: () => undefined };
    const pending = firstKeyRequests.get(share);
    if (!pending) break;
    await pending;
  }
  let finish!: () => void;
  firstKeyRequests.set(
    share,
    new Promise<void>((resolve) => {
      finish = resolve;
    }),
  );
  return {
    key: undefined,
    done: (issued) => {
      if (issued && !share.get()) share.set(issued);
      firstKeyRequests.delete(share);
      finish();
    },
  };
}

/** A stored upload as the forms send it on. */
export interface UploadedFile {
  uploadId: string;
  dateiname: string;
  groesse: number;
  typ: string;
  hinweise: string[];
}

interface RequestedUpload {
  uploadId: string;
  uploadUrl: string;
  methode: 'PUT';
  gueltigBis: string;
  uploadSchluessel?: string;
}

/** Sends the bytes to the upload URL; resolves the status and parsed body. */
export type PutFile = (options: {
  url: string;
  file: File;
  onProgress: (share: number) => void;
  signal: AbortSignal;
}) => Promise<{ status: number; body: unknown }>;

export const UPLOAD_MESSAGES = {
  failed: 'Die Datei konnte nicht hochgeladen werden. Bitte versuchen Sie es erneut.',
  hinweise: {
    passwortgeschuetzt:
      'Das PDF ist mit einem Passwort geschützt. Bitte senden Sie es ohne Passwortschutz, damit wir es lesen können.',
    'standort-entfernt': 'Die Standortangaben wurden aus der Datei entfernt.',
  } as Readonly<Record<string, string>>,
} as const;

function envelopeMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body) {
    const { error } = body;
    if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
      return error.message;
    }
  }
  return undefined;
}

/** The PUT with XMLHttpRequest, for its upload progress events. */
export const putWithXhr: PutFile = ({ url, file, onProgress, signal }) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });

export interface UseFileUploadsOptions {
  /** Signed-in customer (default) or an anonymous claimant. */
  authenticated?: boolean;
  /** For tests and other transports; defaults to the app's request and XMLHttpRequest. */
  post?: RequestFn;
  put?: PutFile;
  /** Anonymous caller: the upload key shared with other fields (default: this field's own). */
  uploadKey?: UploadKeyShare;
  /** Called whenever the list of finished uploads changes. */
  onUploadedChange?: (uploads: UploadedFile[]) => void;
}

export interface FileUploadsState {
  files: File[];
  /** Hand to FileUpload's onChange: starts uploads for new files, aborts removed ones. */
  setFiles: (files: File[]) => void;
  /** Hand to FileUpload's fileStatus. */
  statusOf: (file: File) => FileStatus | undefined;
  /** Finished uploads in the order of the files. */
  uploaded: UploadedFile[];
  /** Some file is still uploading. */
  isUploading: boolean;
  /** Some file failed (it stays listed with its error until removed). */
  hasErrors: boolean;
  /** The anonymous caller's upload key, once the server gave one. */
  uploadSchluessel: string | undefined;
  /** Forgets all files (after the form was sent). */
  reset: () => void;
}

interface Entry {
  progress: number;
  result?: UploadedFile;
  error?: string;
  controller: AbortController;
}

/** Uploads chosen files at once and tracks them (see above). */
export function useFileUploads(options: UseFileUploadsOptions = {}): FileUploadsState {
  const { authenticated = true, post = request, put = putWithXhr, uploadKey, onUploadedChange } = options;
  const [files, setFilesState] = useState<File[]>([]);
  const [entries, setEntries] = useState<ReadonlyMap<File, Entry>>(new Map());
  const [uploadSchluessel, setUploadSchluessel] = useState<string | undefined>(undefined);
  const [ownKey] = useState(() => {
    let key: string | undefined;
    return {
      get: () => key,
      set: (issued: string) => {
        key = issued;
      },
    } satisfies UploadKeyShare;
  });
  const keyShare = uploadKey ?? ownKey;
  const entriesRef = useRef(entries);
  const onUploadedRef = useRef(onUploadedChange);
  useLayoutEffect(() => {
    entriesRef.current = entries;
    onUploadedRef.current = onUploadedChange;
  });

  const update = useCallback((file: File, change: Partial<Entry>) => {
    setEntries((current) => {
      const entry = current.get(file);
      if (!entry) return current;
      const next = new Map(current);
      next.set(file, { ...entry, ...change });
      return next;
    });
  }, []);

  const start = useCallback(
    async (file: File, controller: AbortController) => {
      const fail = (error: string) => {
        if (!controller.signal.aborted) update(file, { error });
      };
      const key = authenticated ? undefined : await takeKey(keyShare);
      const requested = await post<RequestedUpload>({
        method: 'POST',
        path: '/api/upload/',
        body: {
          dateiname: file.name,
          groesse: file.size,
          ...(file.type ? { typ: file.type } : {}),
          ...(key?.key ? { uploadSchluessel: key.key } : {}),
        },
        authenticated,
        cancelPrevious: false,
        signal: controller.signal,
      });
      key?.done(requested.ok && !requested.canceled ? requested.data.uploadSchluessel : undefined);
      if (!requested.ok) {
        fail(envelopeMessage(requested.error) ?? UPLOAD_MESSAGES.failed);
        return;
      }
      if (requested.canceled) return;
      const shared = keyShare.get();
      if (shared) setUploadSchluessel(shared);
      try {
        const answer = await put({
          url: requested.data.uploadUrl,
          file,
          signal: controller.signal,
          onProgress: (share) => update(file, { progress: share }),
        });
        if (answer.status === 200) {
          update(file, { progress: 1, result: answer.body as UploadedFile });
        } else {
          fail(envelopeMessage(answer.body) ?? UPLOAD_MESSAGES.failed);
        }
      } catch {
        fail(UPLOAD_MESSAGES.failed);
      }
    },
    [authenticated, keyShare, post, put, update],
  );

  const setFiles = useCallback(
    (next: File[]) => {
      const current = entriesRef.current;
      const kept = new Map<File, Entry>();
      for (const file of next) {
        const entry = current.get(file);
        if (entry) kept.set(file, entry);
      }
      for (const [file, entry] of current) {
        if (!kept.has(file)) entry.controller.abort();
      }
      const added = next.filter((file) => !current.has(file));
      for (const file of added) kept.set(file, { progress: 0, controller: new AbortController() });
      entriesRef.current = kept;
      setEntries(kept);
      setFilesState(next);
      for (const file of added) void start(file, kept.get(file)!.controller);
    },
    [start],
  );

  const uploaded = files.flatMap((file) => {
    const result = entries.get(file)?.result;
    return result ? [result] : [];
  });
  const uploadedKey = uploaded.map((upload) => upload.uploadId).join(',');
  useEffect(() => {
    onUploadedRef.current?.(uploaded);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the list is new on every render; its ids say whether it changed
  }, [uploadedKey]);

  useEffect(
    () => () => {
      for (const entry of entriesRef.current.values()) entry.controller.abort();
    },
    [],
  );

  const statusOf = useCallback(
    (file: File): FileStatus | undefined => {
      const entry = entries.get(file);
      if (!entry) return undefined;
      return {
        progress: entry.progress,
        done: entry.result !== undefined,
        ...(entry.error ? { error: entry.error } : {}),
        ...(entry.result && entry.result.hinweise.length > 0
          ? { notes: entry.result.hinweise.map((hinweis) => UPLOAD_MESSAGES.hinweise[hinweis] ?? hinweis) }
          : {}),
      };
    },
    [entries],
  );

  const reset = useCallback(() => {
    for (const entry of entriesRef.current.values()) entry.controller.abort();
    setEntries(new Map());
    setFilesState([]);
  }, []);

  return {
    files,
    setFiles,
    statusOf,
    uploaded,
    isUploading: files.some((file) => {
      const entry = entries.get(file);
      return entry !== undefined && !entry.result && !entry.error;
    }),
    hasErrors: files.some((file) => entries.get(file)?.error !== undefined),
    uploadSchluessel,
    reset,
  };
}

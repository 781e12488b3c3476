import { useState } from 'react';
import { Button, toast } from '../ui/index.ts';
import { saveFile } from './download.ts';
import { userMessageOf } from './error-views.tsx';

export interface DownloadButtonProps {
  /** The button's text. */
  label: string;
  /** Fetches the file through the SDK (the bearer token goes with it). */
  fetchFile: () => Promise<{ blob: Blob; fileName: string }>;
  /** The success toast, given the saved file's name. */
  done: (fileName: string) => string;
  /** The failure toast's title (the server's message, if any, is its description). */
  failed: string;
}

/**
 * A download that needs the bearer token: fetched as a blob, handed to the browser as a file,
 * with a pending state and a toast for the outcome (the marketing export, a calendar file).
 */
export function DownloadButton({ label, fetchFile, done, failed }: DownloadButtonProps) {
  const [pending, setPending] = useState(false);

  const download = async () => {
    setPending(true);
    try {
      const { blob, fileName } = await fetchFile();
      saveFile(blob, fileName);
      toast.success(done(fileName));
    } catch (failure) {
      toast.error(failed, { description: userMessageOf(failure) });
    } finally {
      setPending(false);
    }
  };

  return (
    <Button variant="secondary" loading={pending} onClick={() => void download()}>
      {label}
    </Button>
  );
}

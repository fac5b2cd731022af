/** Saves a recording as a JSON file (Blob + a download link); nothing is sent anywhere. */
import { type Recording, recordingFileName } from './recording';

export function downloadRecording(recording: Recording): void {
  const blob = new Blob([JSON.stringify(recording, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = recordingFileName(recording);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

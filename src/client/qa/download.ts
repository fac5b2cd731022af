/** Saves a recording as a JSON file (Blob + a download link); nothing is sent anywhere. */
import { saveBlob } from '../api/saveBlob';
import { type Recording, recordingFileName } from './recording';

export function downloadRecording(recording: Recording): void {
  const blob = new Blob([JSON.stringify(recording, null, 2)], { type: 'application/json' });
  saveBlob(blob, recordingFileName(recording));
}

/** Worker thread: builds the jobs it is sent, one at a time, and posts the bytes back (transferred). */
import { answerTasks } from './answer.js';
import { buildJob } from './build.js';

answerTasks(buildJob, (built) => [built.bytes.buffer as ArrayBuffer]);

import { Link } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { Modal } from '../../components/Modal.tsx';
import { paths } from '../../paths.ts';
import { useChurch } from '../../core/useChurch.ts';

interface SermonTypeModalProps {
  open: boolean;
  onClose: () => void;
}

/** Spec §2 Home: audio sermons live on an external channel, videos in the app. */
export function SermonTypeModal({ open, onClose }: SermonTypeModalProps) {
  const { data: church } = useChurch();

  return (
    <Modal open={open} onClose={onClose} title={m.home_sermon_type_title()} hideCloseButton>
      <div className="choice-list">
        {church?.audioChannelUrl ? (
          <a
            className="button button-block"
            href={church.audioChannelUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onClose}
          >
            {m.home_sermon_audio()}
          </a>
        ) : (
          <button type="button" className="button button-block" disabled>
            {m.home_sermon_audio()}
          </button>
        )}
        <Link className="button button-block" to={paths.sermons} onClick={onClose}>
          {m.home_sermon_video()}
        </Link>
        <button type="button" className="button button-secondary button-block" onClick={onClose}>
          {m.home_cancel()}
        </button>
      </div>
    </Modal>
  );
}

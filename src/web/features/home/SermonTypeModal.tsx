import { Link } from 'react-router';
import { Modal } from '../../components/Modal.tsx';
import { paths } from '../../paths.ts';
import { useChurch } from '../church/useChurch.ts';

interface SermonTypeModalProps {
  open: boolean;
  onClose: () => void;
}

/** Spec §2 Home: audio sermons live on an external channel, videos in the app. */
export function SermonTypeModal({ open, onClose }: SermonTypeModalProps) {
  const { data: church } = useChurch();

  return (
    <Modal open={open} onClose={onClose} title="Choose Sermon Type" hideCloseButton>
      <div className="choice-list">
        {church?.audioChannelUrl ? (
          <a
            className="button button-block"
            href={church.audioChannelUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onClose}
          >
            Audio (external messaging channel)
          </a>
        ) : (
          <button type="button" className="button button-block" disabled>
            Audio (external messaging channel)
          </button>
        )}
        <Link className="button button-block" to={paths.sermons} onClick={onClose}>
          Video (video platform)
        </Link>
        <button type="button" className="button button-secondary button-block" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}

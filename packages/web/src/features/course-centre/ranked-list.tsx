import { useState } from 'react';
import { Button } from 'antd';
import type { CentreCourse } from '@summit/domain/api/course-centre';
import { moveItem, reorderItem } from './course-format.ts';

/**
 * An ordered list the student ranks: drag and drop with a mouse (the browser's own drag events, no library), and
 * 上移/下移 buttons for keyboards and phones, where dragging a long list is clumsy (decision 041).
 */
export function RankedList({ items, onOrder, onRemove, label }: { items: Array<{ course: CentreCourse }>; onOrder: (ids: number[]) => void; onRemove: (id: number) => void; label: string }) {
  const [dragging, setDragging] = useState<number | null>(null);
  const ids = items.map((i) => i.course.id);
  return (
    <ol className="cc-list" aria-label={label}>
      {items.map(({ course }, index) => (
        <li
          key={course.id}
          className="cc-list__item"
          draggable
          data-dragging={dragging === index}
          onDragStart={(e) => {
            setDragging(index);
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', String(index));
          }}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            const from = Number(e.dataTransfer.getData('text/plain'));
            setDragging(null);
            if (Number.isInteger(from) && from !== index) onOrder(reorderItem(ids, from, index));
          }}
          onDragEnd={() => setDragging(null)}
        >
          <span className="cc-list__rank">{index + 1}</span>
          <span className="cc-list__title">
            {course.title}
            {course.seats_left <= 0 ? <span className="cc-seats--full">（已满）</span> : null}
            {course.clashes_with ? <span className="cc-card__warn">（与《{course.clashes_with}》冲突）</span> : null}
          </span>
          <Button aria-label={`上移 ${course.title}`} disabled={index === 0} onClick={() => onOrder(moveItem(ids, index, -1))}>
            ↑
          </Button>
          <Button aria-label={`下移 ${course.title}`} disabled={index === items.length - 1} onClick={() => onOrder(moveItem(ids, index, 1))}>
            ↓
          </Button>
          <Button aria-label={`移除 ${course.title}`} danger onClick={() => onRemove(course.id)}>
            ×
          </Button>
        </li>
      ))}
    </ol>
  );
}

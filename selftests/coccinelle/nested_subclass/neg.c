// SPDX-License-Identifier: GPL-2.0
/* Subclasses within MAX_LOCKDEP_SUBCLASSES, or not constants: silence. */
struct obj {
	int lock;
};

void take_nested(struct obj *a, struct obj *b, int depth, unsigned long flags)
{
	spin_lock_nested(&a->lock, 1);
	mutex_lock_nested(&b->lock, SINGLE_DEPTH_NESTING);
	down_write_nested(&a->lock, depth);
	spin_lock_irqsave_nested(&b->lock, flags, 7);
	spin_lock(&a->lock);
}

void lock_pair(struct obj *objs)
{
	int i;

	for (i = 0; i < 2; i++) {
		mutex_lock_nested(&objs[i].lock, i);
	}
}

// SPDX-License-Identifier: GPL-2.0
/* Annotated, sequential, different fields or one object: silence. */
struct obj {
	spinlock_t lock;
	spinlock_t other;
	struct mutex mutex;
};

void annotated(struct obj *from, struct obj *to)
{
	spin_lock(&from->lock);
	spin_lock_nested(&to->lock, SINGLE_DEPTH_NESTING);
	spin_unlock(&to->lock);
	spin_unlock(&from->lock);
}

void sequential(struct obj *a, struct obj *b)
{
	mutex_lock(&a->mutex);
	mutex_unlock(&a->mutex);
	mutex_lock(&b->mutex);
	mutex_unlock(&b->mutex);
}

void two_fields(struct obj *a, struct obj *b)
{
	spin_lock(&a->lock);
	spin_lock(&b->other);
	spin_unlock(&b->other);
	spin_unlock(&a->lock);
}

void relock(struct obj *a)
{
	spin_lock(&a->lock);
	spin_unlock(&a->lock);
	spin_lock(&a->lock);
	spin_unlock(&a->lock);
}

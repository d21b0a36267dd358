// SPDX-License-Identifier: GPL-2.0
/* A lock's class changed after it may have been taken: each marked line. */
struct inode {
	spinlock_t lock;
	struct rw_semaphore sem;
	struct list_head list;
	struct hlist_node hash;
};

static struct lock_class_key late_key;

void relabel_after_use(struct inode *inode)
{
	spin_lock(&inode->lock);
	spin_unlock(&inode->lock);
	lockdep_set_class(&inode->lock, &late_key);	/* cocci: expect */
}

void relabel_after_trylock(struct inode *inode)
{
	if (down_write_trylock(&inode->sem))
		up_write(&inode->sem);
	lockdep_set_class_and_subclass(&inode->sem, &late_key, 1);	/* cocci: expect */
}

void publish_then_relabel(struct inode *inode, struct list_head *all)
{
	spin_lock_init(&inode->lock);
	list_add(&inode->list, all);
	lockdep_set_class(&inode->lock, &late_key);	/* cocci: expect */
}

void hash_then_relabel(struct inode *inode, struct hlist_head *head)
{
	init_rwsem(&inode->sem);
	hlist_add_head_rcu(&inode->hash, head);
	lockdep_set_novalidate_class(&inode->sem);	/* cocci: expect */
}

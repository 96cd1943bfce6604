import type { Person } from '@/features/sponsoring/types'

/** Shapes of docs/api-5.md (Conversation, Message, Notification). */
export interface Conversation {
  id: string
  other: Person
  lastMessage: string
  lastMessageAt: string
  lastSenderId: string
  unreadCount: number
  createdAt: string
}

export interface Message {
  id: string
  conversationId: string
  sender: Person
  mine: boolean
  body: string
  kind: 'text' | 'system'
  contextType: '' | 'application' | 'commitment'
  contextId: string
  createdAt: string
}

export interface AppNotification {
  id: string
  type: string
  title: string
  body: string
  link: string
  read: boolean
  createdAt: string
}

export interface UnreadCounts {
  messages: number
  notifications: number
}

export const BODY_MAX = 4000
